import { Button } from '@/components/Button';
import { Space } from '@/components/Space';
import { Paragraph, Title } from '@/components/Text';
import { log } from '@/lib/log';
import { toast } from '@/lib/notify';
import { useDevTexts } from './dev-texts';

/** An address no server route answers: the request fails with 404 and the server's request id. */
const MISSING_API = '/api/dev/missing';

/**
 * /test/test2 (spec §2's untitled test route): sets off what the page furniture reacts to — the same
 * message twice (spec §5), an uncaught error and rejection (console, error reporting), a failed
 * API call (console, with its request id) and a tool log — for development and the e2e tests.
 */
export default function FurnitureBenchPage() {
  const texts = useDevTexts();
  const failRequest = async () => {
    const { http } = await import('@/app/http');
    await http.get(MISSING_API).catch(() => undefined);
  };
  return (
    <div data-testid="furniture-bench">
      <Title level={2}>{texts.benchTitle}</Title>
      <Paragraph type="secondary">{texts.benchHint}</Paragraph>
      <Space wrap>
        <Button onClick={() => toast.info(texts.messageText)} data-testid="bench-message">
          {texts.message}
        </Button>
        <Button
          danger
          onClick={() =>
            setTimeout(() => {
              throw new Error('bench: uncaught error');
            })
          }
          data-testid="bench-throw"
        >
          {texts.throwError}
        </Button>
        <Button onClick={() => void Promise.reject(new Error('bench: unhandled rejection'))} data-testid="bench-reject">
          {texts.rejectPromise}
        </Button>
        <Button onClick={() => void failRequest()} data-testid="bench-request">
          {texts.failRequest}
        </Button>
        <Button onClick={() => log.info('bench', texts.logText)} data-testid="bench-log">
          {texts.writeLog}
        </Button>
      </Space>
    </div>
  );
}
