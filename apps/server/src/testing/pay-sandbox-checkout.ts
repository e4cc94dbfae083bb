/**
 * Fills the sandbox provider's hosted checkout form as a customer does; answers where the page
 * sends them (a 303 to the success URL when the card is taken).
 */
export async function paySandboxCheckout(url: string, card: string) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: card, expiry: '12 / 40', cvc: '123', name: 'Ada Lovelace' }),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    page: await response.text(),
  };
}
