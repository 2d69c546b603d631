import { describe, expect, it } from 'vitest';
import { normalizeDomain } from './domain';

describe('normalizeDomain', () => {
  it.each([
    ['https://www.Example.com/about?x=1', 'example.com'],
    ['http://shop.example.co.uk:8080/', 'example.co.uk'],
    ['www.example.com', 'example.com'],
    ['example.com/', 'example.com'],
    ['jane@mail.example.com', 'example.com'],
    ['EXAMPLE.COM.', 'example.com'],
    ['blog.example.com.au', 'example.com.au'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeDomain(raw)).toBe(expected);
  });

  it.each([[''], ['not a domain'], ['localhost'], [null], [12]])('rejects %j', (raw) => {
    expect(normalizeDomain(raw)).toBeNull();
  });
});
