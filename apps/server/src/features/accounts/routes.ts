import {
  accountLogoResponseSchema,
  accountOverviewSchema,
  accountSettingsSchema,
  createTeamInputSchema,
  createTeamResponseSchema,
  teamsResponseSchema,
} from '@tentpole/domain';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import { readUploadedFile } from '../../http/read-upload.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { readAccountLogo, removeAccountLogo, uploadAccountLogo } from './logo.js';
import {
  findAccountOverview,
  listTeams,
  readAccountSettings,
  writeAccountSettings,
} from './queries.js';
import { startAccount } from './service.js';

const tag = 'Account';

export function accountRoutes({ db, clock }: FeatureContext): RouteDef[] {
  return [
    {
      // Every signed-in user reads their active account's plan (user menu, spec §7).
      method: 'GET',
      path: '/api/account',
      access: { signedIn: true },
      summary: "The active account's settings and plan.",
      tag,
      response: accountOverviewSchema,
      async handler(c) {
        const overview = await findAccountOverview(db, c.get('user').accountId);
        if (!overview) throw notFound('Account');
        return c.json(overview);
      },
    },
    {
      method: 'GET',
      path: '/api/account/settings',
      access: { permission: 'account.read' },
      summary: "§2: the account's settings as /account edits them, with defaults filled in.",
      tag,
      response: accountSettingsSchema,
      async handler(c) {
        const settings = await readAccountSettings(db, c.get('user').accountId);
        if (!settings) throw notFound('Account');
        return c.json(settings);
      },
    },
    {
      // Whole: the form sends every field. Orders keep the settings they were booked with.
      method: 'PUT',
      path: '/api/account/settings',
      access: { permission: 'account.write' },
      summary: "§2: saves the account's settings; other screens' settings are left as they are.",
      tag,
      request: accountSettingsSchema,
      response: accountSettingsSchema,
      async handler(c) {
        const accountId = c.get('user').accountId;
        const input = await readJson(c, accountSettingsSchema);
        if (!(await writeAccountSettings(db, accountId, input))) throw notFound('Account');
        return c.json(await readAccountSettings(db, accountId));
      },
    },
    {
      method: 'POST',
      path: '/api/account/logo',
      access: { permission: 'account.write' },
      summary:
        'Upload the logo (multipart "file": JPEG, PNG or WebP up to 10 MB), kept as WebP within 512 px; replaces the old one.',
      tag,
      response: accountLogoResponseSchema,
      async handler(c) {
        const file = await readUploadedFile(c);
        return c.json({ logo: await uploadAccountLogo(db, c.get('user').accountId, file) });
      },
    },
    {
      method: 'DELETE',
      path: '/api/account/logo',
      access: { permission: 'account.write' },
      summary: 'Remove the logo.',
      tag,
      response: accountLogoResponseSchema,
      async handler(c) {
        await removeAccountLogo(db, c.get('user').accountId);
        return c.json({ logo: null });
      },
    },
    {
      method: 'GET',
      path: '/api/account-logos/:id',
      access: {
        public:
          'The store, e-mails and documents show the logo to customers; its random id, new with each upload, is the address.',
      },
      summary: "An account's uploaded logo, as WebP.",
      tag,
      response: { kind: 'image', description: 'The logo as WebP.' },
      async handler(c) {
        const id = c.req.param('id');
        const logo = isUuid(id) ? await readAccountLogo(db, id) : null;
        if (!logo) throw notFound('Logo');
        return c.body(new Uint8Array(logo.bytes), 200, {
          'content-type': logo.contentType,
          // A new upload gets a new address, so these bytes never change under it.
          'cache-control': 'public, max-age=31536000, immutable',
        });
      },
    },
    {
      method: 'GET',
      path: '/api/account/teams',
      access: { signedIn: true },
      summary: "The user's accounts, held and joined.",
      tag,
      response: teamsResponseSchema,
      async handler(c) {
        return c.json({ organizations: await listTeams(db, c.get('user').id) });
      },
    },
    {
      // 'Add team' (account switcher): anyone signed in may start an account of their own.
      method: 'POST',
      path: '/api/account/teams',
      access: { signedIn: true },
      summary: 'Start a new account the user holds.',
      tag,
      request: createTeamInputSchema,
      response: createTeamResponseSchema,
      status: 201,
      errors: [429],
      async handler(c) {
        const { name } = await readJson(c, createTeamInputSchema);
        const team = await startAccount(db, c.get('user').id, name, clock());
        return c.json({ team }, 201);
      },
    },
  ];
}
