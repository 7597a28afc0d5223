import { startCardGame } from '../cards/start-game';
import { DRAGON_TIGER_VIEW } from './dragon-tiger-view';
import '../cards/cards.css';

await startCardGame(DRAGON_TIGER_VIEW);
