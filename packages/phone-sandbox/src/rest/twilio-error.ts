/** An error the REST API answers with, in Twilio's JSON shape. */
export class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  toJSON() {
    return {
      code: this.code,
      message: this.message,
      more_info: `https://www.twilio.com/docs/errors/${this.code}`,
      status: this.status,
    };
  }
}

export const errors = {
  authentication: () => new TwilioApiError(401, 20003, 'Authentication Error - invalid username'),
  notFound: (path: string) =>
    new TwilioApiError(404, 20404, `The requested resource ${path} was not found`),
  invalidTo: (to: string) => new TwilioApiError(400, 21211, `Invalid 'To' Phone Number: ${to}`),
  missingTo: () => new TwilioApiError(400, 21201, "No 'To' number is specified"),
  missingFrom: () => new TwilioApiError(400, 21603, "A 'From' phone number is required."),
  unverifiedFrom: (from: string) =>
    new TwilioApiError(
      400,
      21210,
      `The source phone number provided, ${from}, is not yet verified for your account.`,
    ),
  fromNotOwned: (from: string) =>
    new TwilioApiError(
      400,
      21606,
      `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
    ),
  missingBody: () => new TwilioApiError(400, 21602, 'Message body is required.'),
  bodyTooLong: () =>
    new TwilioApiError(
      400,
      21617,
      'The concatenated message body exceeds the 1600 character limit.',
    ),
  unsubscribed: () => new TwilioApiError(400, 21610, 'Attempt to send to unsubscribed recipient'),
  cannotRoute: (to: string) =>
    new TwilioApiError(
      400,
      21612,
      `The 'To' phone number: ${to}, is not currently reachable using the 'From' phone number via SMS.`,
    ),
  noInternational: (to: string) =>
    new TwilioApiError(
      400,
      21408,
      `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`,
    ),
  notSmsCapable: (to: string) =>
    new TwilioApiError(400, 21614, `'To' number ${to} is not a valid mobile number`),
  missingUrl: () => new TwilioApiError(400, 21205, 'Url parameter is required.'),
  invalidUrl: (url: string) => new TwilioApiError(400, 21205, `Url is not a valid URL: ${url}`),
  notInProgress: () => new TwilioApiError(400, 21220, 'Call is not in-progress. Cannot redirect.'),
  invalidPhoneNumber: (n: string) => new TwilioApiError(400, 21421, `PhoneNumber is invalid: ${n}`),
  numberUnavailable: (n: string) =>
    new TwilioApiError(400, 21422, `PhoneNumber ${n} is not available.`),
  missingPhoneNumber: () =>
    new TwilioApiError(400, 21450, 'Phone number or area code is required.'),
  badParameter: (message: string) => new TwilioApiError(400, 20001, message),
};
