import { lazy, Suspense } from 'react';
import { Page } from '../../../shared/ui/page';

/*
 * The route's own chunk holds the heading only, and the rules come as a chunk of their own. The
 * first-visit bundle lists every route's chunk with the chunks and styles it needs at once, so a
 * route that needs nothing beyond its heading adds nothing to that list (the first visit's
 * budget is nearly spent); the player sees the heading while the rules arrive.
 */
const RulesBody = lazy(() => import('../components/rules-body'));

/** The betting rules: how the exchange works, then this site's own limits for each sport. */
export default function RulesPage() {
  return (
    <Page className="rules-page" lead="How betting, settlement and in-play betting work here.">
      <Suspense fallback={null}>
        <RulesBody />
      </Suspense>
    </Page>
  );
}
