import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { MAIN_CONTENT_ID } from './SkipLink';

/** Login and error pages: nothing around the page, which sits in the one <main>. */
export default function EmptyLayout() {
  return (
    <Layout style={{ minHeight: '100vh', justifyContent: 'center' }}>
      <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
