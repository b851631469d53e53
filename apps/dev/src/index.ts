/** Development stand-ins (filled in by issue 22 item 4). */
export {}
