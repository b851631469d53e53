import { describe, expect, test } from 'vitest'
import * as Metadata from './Metadata.js'

describe('parseTokenUri', () => {
  test('reads name and image of data: JSON (plain, percent-encoded, base64)', () => {
    const image = 'data:image/svg+xml;base64,PHN2Zy8+'
    expect(Metadata.parseTokenUri(`data:application/json;utf8,{"name":"Key #1","image":"${image}"}`)).toEqual(
      {
        name: 'Key #1',
        image,
      },
    )
    expect(
      Metadata.parseTokenUri(
        `data:application/json,${encodeURIComponent('{"name":"A, B","image":"https://x.test/1.png"}')}`,
      ),
    ).toEqual({ name: 'A, B', image: 'https://x.test/1.png' })
    expect(Metadata.parseTokenUri(`data:application/json;base64,${btoa('{"name":"Z"}')}`)).toEqual({
      name: 'Z',
      image: null,
    })
  })

  test('other URIs are not fetched; unsafe or oversized images are dropped', () => {
    expect(Metadata.parseTokenUri('https://example.test/meta/1.json')).toEqual({ name: null, image: null })
    expect(Metadata.parseTokenUri('ipfs://Qm/1')).toEqual({ name: null, image: null })
    expect(Metadata.parseTokenUri('data:application/json,{nope')).toEqual({ name: null, image: null })
    expect(
      Metadata.parseTokenUri('data:application/json,{"name":"X","image":"javascript:alert(1)"}'),
    ).toEqual({
      name: 'X',
      image: null,
    })
    const huge = `data:image/png;base64,${'A'.repeat(Metadata.IMAGE_MAX)}`
    expect(Metadata.parseTokenUri(`data:application/json,{"image":"${huge}"}`).image).toBeNull()
  })
})
