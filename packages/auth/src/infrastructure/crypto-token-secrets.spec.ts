import { hashToken, sameSecret } from './crypto-token-secrets';

// Stored token hashes must stay what every earlier release wrote: a token issued before a
// change of the hashing code must still authenticate after it.
describe('crypto token secrets', () => {
  it('hashes a token to its SHA-256 in lower-case hex (the stored form)', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashToken('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // UTF-8 bytes, not Latin-1 or UTF-16.
    expect(hashToken('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
  });

  it('compares secrets by value, whatever their lengths', () => {
    expect(sameSecret('token-a', 'token-a')).toBe(true);
    expect(sameSecret('token-a', 'token-b')).toBe(false);
    expect(sameSecret('short', 'a much longer secret than the other one')).toBe(false);
  });
});
