import { CasinoLobby } from '../components/casino-lobby';

/** The casino lobby (`/casino`): every game the brand offers, by category, with search. */
export default function CasinoPage() {
  return <CasinoLobby section={null} />;
}
