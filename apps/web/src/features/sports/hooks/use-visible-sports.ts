import { useSiteSportFlags } from '../../../shared/routing/site-context';
import { useUserInfo } from '../../../shared/session/user-info-query';
import { useSession } from '../../../shared/session/use-session';
import { visibleSports, type Sport, type SportFlags } from '../sports';

/**
 * Until the domain's switches are known the domain is taken to allow every sport but horse
 * racing, which shows only where a domain enables it (spec §6); the server's lists are
 * filtered by the same rules in any case.
 */
const UNKNOWN_DOMAIN: SportFlags = {
  football: true,
  tennis: true,
  cricket: true,
  kabaddi: true,
  horseRacing: false,
};

/**
 * The sports this visitor may see (spec §6). Right after a login the player's own flags are
 * not known yet (the user info from the login result has no id and every flag off); until
 * `Setting/GetSetting` answers, the domain's switches alone decide, as the server's lists
 * are filtered for the player anyway, so no sport flashes up as unavailable.
 */
export function useVisibleSports(): Sport[] {
  const domain = useSiteSportFlags() ?? UNKNOWN_DOMAIN;
  const { loggedIn } = useSession();
  const userInfo = useUserInfo();
  const flagsKnown = userInfo !== null && userInfo.userId !== null;
  return visibleSports(domain, loggedIn && flagsKnown, userInfo);
}
