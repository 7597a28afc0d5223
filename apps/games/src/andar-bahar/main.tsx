import { startCardGame } from '../cards/start-game';
import { ANDAR_BAHAR_VIEW } from './andar-bahar-view';
import '../cards/cards.css';

await startCardGame(ANDAR_BAHAR_VIEW);
