/**
 * The sandbox provider's test card numbers (the same numbers Stripe's test mode uses). Any other
 * number that passes the Luhn check is declined as an unknown test card.
 */
export const sandboxTestCards = {
  /** Pays at checkout and on every renewal. */
  success: '4242424242424242',
  /** Declined at checkout. */
  declined: '4000000000000002',
  /** Asks the customer to confirm the payment (3-D Secure) before it succeeds. */
  needsAuthentication: '4000002500003155',
  /** Pays at checkout; every renewal is declined (the subscription goes past due). */
  renewalDeclined: '4000000000000341',
} as const;

export const cardMessages = {
  declined: 'Your card was declined.',
  invalidNumber: 'Your card number is invalid.',
  expired: 'Your card has expired.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  incompleteCvc: "Your card's security code is incomplete.",
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks the card form as the hosted page does; answers the first problem's message, or null. */
export function cardFormProblem(
  form: { number: string; expiry: string; cvc: string },
  now: Date,
): string | null {
  const digits = form.number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return cardMessages.invalidNumber;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return cardMessages.incompleteExpiry;
  const endOfMonth = Date.UTC(2000 + Number(expiry[2]), month, 1);
  if (endOfMonth <= now.getTime()) return cardMessages.expired;
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return cardMessages.incompleteCvc;
  return null;
}

export const normalizedCardNumber = (number: string) => number.replace(/\s+/g, '');
