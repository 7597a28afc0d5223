import { startCardGame } from '../cards/start-game';
import { TEEN_PATTI_VIEW } from './teen-patti-view';
import '../cards/cards.css';

await startCardGame(TEEN_PATTI_VIEW);
