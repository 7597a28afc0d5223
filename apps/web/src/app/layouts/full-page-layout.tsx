import { Outlet } from 'react-router';
import './full-page-layout.css';

/** The full-page layout: one centred message, no navigation around it. */
export default function FullPageLayout() {
  return (
    <div className="full-page">
      <Outlet />
    </div>
  );
}
