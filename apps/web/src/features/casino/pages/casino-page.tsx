import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { diceIcon } from '../../../shared/icons/set/dice-icon';

/** The casino game catalogue. */
export default function CasinoPage() {
  return (
    <Page lead="Live tables, slots and crash games.">
      <ComingSoon
        feature="The casino"
        icon={diceIcon}
        detail="Game providers and their games will be listed here; a game opens in the casino lobby."
      />
    </Page>
  );
}
