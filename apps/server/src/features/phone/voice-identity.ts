// A Voice SDK identity names one user in one account, so a token never rings another
// account's calls and two users never share one (notes/twilio.md §1.1). <Client> identities
// allow only letters, digits and underscores.
const IDENTITY = /^u_([0-9a-f]{32})_a_([0-9a-f]{32})$/;

const compact = (uuid: string) => uuid.replace(/-/g, '').toLowerCase();
const expand = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export function voiceIdentity(userId: string, accountId: string): string {
  return `u_${compact(userId)}_a_${compact(accountId)}`;
}

export function parseVoiceIdentity(identity: string): { userId: string; accountId: string } | null {
  const match = IDENTITY.exec(identity.replace(/^client:/, ''));
  if (!match?.[1] || !match[2]) return null;
  return { userId: expand(match[1]), accountId: expand(match[2]) };
}
