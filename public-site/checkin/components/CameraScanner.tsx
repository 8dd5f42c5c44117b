// The camera, reading QR codes a few times a second. The same code held in front of it counts once: it must
// leave the frame for a moment (or 2.5 s pass) before it is read again, so a valid ticket does not turn into
// "already boarded" while the traveller is still holding it up.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../lib/i18n.ts';
import { createReader } from '../lib/scanner.ts';

const SAME_CODE_MS = 2500;
const FRAME_MS = 120;

export function CameraScanner({
  onCode,
  onStop,
}: {
  onCode: (text: string, startedAt: number) => void;
  onStop: () => void;
}) {
  const { m } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'on' | 'cameraFailed' | 'scannerFailed'>('starting');
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { text: '', at: 0 };
    (async () => {
      let read;
      try {
        read = await createReader();
      } catch {
        return setState('scannerFailed');
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch {
        return setState('cameraFailed');
      }
      const element = video.current;
      if (stopped || !element) return stream.getTracks().forEach((track) => track.stop());
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setState('on');
      const frame = async () => {
        if (stopped) return;
        if (element.videoWidth) {
          const text = await read(element, element.videoWidth, element.videoHeight);
          const now = performance.now();
          if (text && !stopped) {
            if (text !== last.text || now - last.at > SAME_CODE_MS) latest.current(text, now);
            last = { text, at: now };
          }
        }
        timer = setTimeout(frame, FRAME_MS);
      };
      void frame();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div class="camera" data-testid="camera" data-state={state}>
      {state === 'cameraFailed' || state === 'scannerFailed' ? (
        <p class="note note-error" role="alert">
          {state === 'cameraFailed' ? m.check.cameraFailed : m.check.scannerFailed}
        </p>
      ) : (
        <>
          <video ref={video} muted playsInline class="camera-video" />
          <p class="camera-hint">{state === 'starting' ? m.check.cameraStarting : m.check.cameraHint}</p>
        </>
      )}
      <button type="button" class="button" onClick={onStop}>
        {m.check.stopCamera}
      </button>
    </div>
  );
}
