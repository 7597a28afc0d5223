import type { ThemeName } from '@backlay/contract/admin-brands';
import type { SportFlags } from '@backlay/contract/sports';
import type { CreateBrandInput } from '../api/create-brand';
import { parseAliases } from './brand-draft';

/** The image a brand shows until its own logo and favicon are uploaded. */
export const DEFAULT_BRAND_ASSET = '/cdn/assets/_default/logo.svg';
export const DEFAULT_BODY_COLOUR = '#1b1f3b';

/** The new-brand form's fields. */
export interface NewBrandFields {
  domain: string;
  title: string;
  theme: ThemeName | '';
  aliasesText: string;
  casinoOnly: boolean;
  indexLanding: boolean;
  sports: SportFlags;
  bodyBgColor: string;
}

export const NEW_BRAND_FIELDS: NewBrandFields = {
  domain: '',
  title: '',
  theme: '',
  aliasesText: '',
  casinoOnly: false,
  indexLanding: false,
  sports: { football: true, tennis: true, cricket: true, kabaddi: false, horseRacing: false },
  bodyBgColor: DEFAULT_BODY_COLOUR,
};

/**
 * The create call for a new brand: what the form asks, and for the rest a brand that works at
 * once: the default logo, the player API at `/api/`, open to players, no support links, the
 * deposit button shown, no TV, nothing featured, and the platform's betting rules.
 */
export function newBrandRequest(fields: NewBrandFields): CreateBrandInput {
  const domain = fields.domain.trim().toLowerCase();
  return {
    domain,
    entry: {
      theme: fields.theme === '' ? null : fields.theme,
      aliases: parseAliases(fields.aliasesText),
      casinoOnly: fields.casinoOnly,
      indexLanding: fields.indexLanding,
    },
    settings: {
      setting: {
        domain,
        domainTitle: fields.title.trim(),
        description: '',
        mainLogo: DEFAULT_BRAND_ASSET,
        favicon: DEFAULT_BRAND_ASSET,
        baseUrl: '/api/',
        siteSuspended: false,
        bodyBgColor: fields.bodyBgColor.trim(),
        showSupportLink: false,
        supportLink: '',
        telegramId: '',
        instagramId: '',
        showDepositW: true,
        ...fields.sports,
      },
      bonuses: [],
      events: [],
      games: [],
      tv: { enabled: false },
    },
    betting: {},
  };
}

/** Where a new brand can be seen: its own host, and a preview on this machine. */
export function brandAddresses(
  domain: string,
  port: string = globalThis.location?.port ?? '',
): { live: string; preview: string } {
  // The preview is served by this same server, on the port the console is open on.
  return {
    live: `https://${domain}`,
    preview: `http://${domain}.localhost${port ? `:${port}` : ''}`,
  };
}
