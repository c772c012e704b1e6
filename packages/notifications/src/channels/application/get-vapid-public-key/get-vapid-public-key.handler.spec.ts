import { GetVapidPublicKeyHandler } from './get-vapid-public-key.handler';

describe('GetVapidPublicKeyHandler', () => {
  it('answers the public key only', async () => {
    const handler = new GetVapidPublicKeyHandler({
      current: () => Promise.resolve({ publicKey: 'BPub', privateKey: 'secret' }),
    });
    expect(await handler.execute()).toEqual({ publicKey: 'BPub' });
  });
});
