/** The frame server (filled in by issue 22 item 5). */
export {}
