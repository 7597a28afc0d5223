import { Outlet } from 'react-router';
import '../../shared/ui/bare.css';

/** Sign-in and enrolment: one card in the middle, nothing of the console around it. */
export default function BareLayout() {
  return (
    <main className="bare">
      <Outlet />
    </main>
  );
}
