import { lazy, Suspense } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';

/*
 * The route's own chunk holds the heading only, and the rules come as a chunk of their own. The
 * first-visit bundle lists every route's chunk with the chunks and styles it needs at once, so a
 * route that needs nothing beyond its heading adds nothing to that list (the first visit's
 * budget is nearly spent); the player sees the heading while the rules arrive.
 */
const RulesBody = lazy(() => import('../components/rules-body'));

const messages = i18n('info/rules-page', {
  lead: 'How betting, settlement and in-play betting work here.',
});

/** The betting rules: how the exchange works, then this site's own limits for each sport. */
export default function RulesPage() {
  const t = useMessages(messages);
  return (
    <Page className="rules-page" lead={t.lead}>
      <Suspense fallback={null}>
        <RulesBody />
      </Suspense>
    </Page>
  );
}
