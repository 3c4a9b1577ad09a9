import useMessage from 'antd/es/message/useMessage';
import { useEffect } from 'react';
import { bindMessageApi } from '@/lib/notify';
import { AntdScope } from './AntdScope';

function Messages() {
  const [message, holder] = useMessage();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(undefined);
  }, [message]);
  return holder;
}

/** antd's message list, bound to the theme and locale; the shell mounts it with the first toast. */
export default function MessageHost() {
  return (
    <AntdScope>
      <Messages />
    </AntdScope>
  );
}
