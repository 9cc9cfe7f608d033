// spec §9: 10 digits is national, 11 includes the country code.
export const DEFAULT_COUNTRY_CODE = '+1';
export const NATIONAL_NUMBER_DIGITS = 10;
// spec §5, §9: at most 15 digits in total (E.164).
export const MAX_PHONE_DIGITS = 15;
// spec §4, §9: opening the Outbound Call dialog with a number is delayed about 100 ms.
export const OUTBOUND_DIALOG_OPEN_DELAY_MS = 100;
