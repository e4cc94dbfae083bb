import Box from '@mui/material/Box';
import type { KeyboardEvent, PointerEvent } from 'react';
import { maxColumnWidth, minColumnWidth } from './use-grid-columns.ts';

const keyboardStep = 16;

/**
 * The right edge of a column header: dragged with a pointer, or focused and moved with the arrow
 * keys (a focusable separator, as WAI-ARIA describes a splitter).
 */
export function ColumnResizeHandle({
  title,
  width,
  onResize,
}: {
  title: string;
  width: number;
  onResize: (width: number) => void;
}) {
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    const handle = event.currentTarget;
    const startX = event.clientX;
    handle.setPointerCapture(event.pointerId);
    const move = (moved: globalThis.PointerEvent) => onResize(width + moved.clientX - startX);
    const stop = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
      handle.removeEventListener('pointercancel', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
    handle.addEventListener('pointercancel', stop);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowLeft: -keyboardStep, ArrowRight: keyboardStep }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onResize(width + step);
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${title}`}
      aria-valuenow={width}
      aria-valuemin={minColumnWidth}
      aria-valuemax={maxColumnWidth}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute',
        top: 8,
        bottom: 8,
        right: 0,
        width: 8,
        cursor: 'col-resize',
        touchAction: 'none',
        borderRight: 2,
        borderColor: 'divider',
        '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' },
      }}
    />
  );
}
