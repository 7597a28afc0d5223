import { useParams } from 'react-router';
import { CasinoLobby } from '../components/casino-lobby';

/** One section of the casino lobby (`/lobby-page/:section`): a category, a provider, or the player's own. */
export default function LobbySectionPage() {
  const { section = '' } = useParams();
  return <CasinoLobby section={section} />;
}
