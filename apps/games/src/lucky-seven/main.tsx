import { startCardGame } from '../cards/start-game';
import { LUCKY_SEVEN_VIEW } from './lucky-seven-view';
import '../cards/cards.css';
import './lucky-seven.css';

await startCardGame(LUCKY_SEVEN_VIEW);
