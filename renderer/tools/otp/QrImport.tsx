import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FileDropZone } from '@/components/FileDropZone';
import { Icon } from '@/layouts/plain/icon';
import { decodeQr } from '@/lib/qr';

/** How often the camera's picture is read: often enough to feel instant, rare enough for old phones. */
const FRAME_INTERVAL_MS = 300;

/**
 * Where QR texts came from. The camera sees the same code in frame after frame; a picture the user
 * chose again is a deliberate new try. Answer false to keep the camera looking.
 */
export type QrTextsHandler = (texts: string[], source: 'files' | 'camera') => Promise<boolean>;

/**
 * The QR sources: picture files (picked, dropped or pasted anywhere on the page, several at once)
 * and the camera. Every QR text found goes to `onTexts` (none: no picture held a code).
 * `initialFiles` (pasted before this was shown) are read once, on mount.
 */
export function QrImport({
  onTexts,
  onError,
  initialFiles,
}: {
  onTexts: QrTextsHandler;
  onError: (error: unknown) => void;
  initialFiles?: File[];
}) {
  const { t } = useTranslation('otp');
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);

  const onFiles = async (files: File[]) => {
    setBusy(true);
    try {
      const texts: string[] = [];
      for (const file of files) texts.push(...(await decodeQr(file)));
      await onTexts(texts, 'files');
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  const initial = useRef(initialFiles);
  useEffect(() => {
    const files = initial.current;
    initial.current = undefined;
    if (files?.length) void onFiles(files);
    // Once, on mount: later renders bring the same pasted files again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="otp-qr">
      <FileDropZone
        onFiles={(files) => void onFiles(files)}
        accept="image/*"
        busy={busy}
        title={t('qr.dropTitle')}
        hint={t('qr.dropHint')}
        inputTestId="otp-qr-file"
        folders={false}
        compact
      />
      {camera ? (
        <CameraScanner onTexts={onTexts} onError={onError} onClose={() => setCamera(false)} />
      ) : (
        <Button icon={<Icon icon={CameraOutlined} />} onClick={() => setCamera(true)} data-testid="otp-camera-start">
          {t('qr.camera')}
        </Button>
      )}
    </div>
  );
}

/** The camera's picture with a frame read every FRAME_INTERVAL_MS until an OTP code is accepted. */
function CameraScanner({ onTexts, onError, onClose }: { onTexts: QrTextsHandler; onError: (error: unknown) => void; onClose: () => void }) {
  const { t } = useTranslation('otp');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'denied'>('starting');
  // The latest callbacks, so the scanning loop is not restarted when the page re-renders each second.
  const handlers = useRef({ onTexts, onError, onClose });
  useEffect(() => {
    handlers.current = { onTexts, onError, onClose };
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');

    const scan = async () => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.videoWidth > 0) {
        canvas.width = element.videoWidth;
        canvas.height = element.videoHeight;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        context?.drawImage(element, 0, 0);
        const frame = context?.getImageData(0, 0, canvas.width, canvas.height);
        try {
          const texts = frame ? await decodeQr(frame) : [];
          // A frame without a code is normal while the user aims; only a found code is reported.
          if (texts.length > 0 && !stopped && (await handlers.current.onTexts(texts, 'camera'))) {
            handlers.current.onClose();
            return;
          }
        } catch (error) {
          handlers.current.onError(error);
          handlers.current.onClose();
          return;
        }
      }
      if (!stopped) timer = setTimeout(() => void scan(), FRAME_INTERVAL_MS);
    };

    const start = async () => {
      // No mediaDevices: an insecure (plain http) page or a browser without a camera API.
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      stream = media;
      // Closed while the permission prompt was open: the cleanup already ran, so let go here.
      if (stopped || !video.current) {
        media.getTracks().forEach((track) => track.stop());
        return;
      }
      video.current.srcObject = media;
      await video.current.play();
      setState('scanning');
      void scan();
    };
    start().catch(() => {
      if (!stopped) setState('denied');
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="otp-camera" data-testid="otp-camera">
      {state === 'denied' ? (
        <p role="alert" className="otp-camera__denied">
          {t('qr.cameraDenied')}
        </p>
      ) : (
        <video ref={video} className="otp-camera__video" muted playsInline aria-label={t('qr.cameraView')} />
      )}
      <Button onClick={onClose} data-testid="otp-camera-stop">
        {t('qr.cameraStop')}
      </Button>
    </div>
  );
}
