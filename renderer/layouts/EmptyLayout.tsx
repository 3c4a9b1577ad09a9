import { Outlet } from 'react-router-dom';
import { MAIN_CONTENT_ID } from './SkipLink';
import './plain/plain.css';

/** Login and error pages: nothing around the page, which sits in the one <main>. */
export default function EmptyLayout() {
  return (
    <div className="bb-layout" style={{ minHeight: '100vh', justifyContent: 'center' }}>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="bb-content">
        <Outlet />
      </main>
    </div>
  );
}
