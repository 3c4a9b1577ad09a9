import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';

export default function EmptyLayout() {
  return (
    <Layout style={{ minHeight: '100vh', justifyContent: 'center' }}>
      <Layout.Content>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
