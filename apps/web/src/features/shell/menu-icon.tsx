import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** Material's menu glyph (three lines) for the narrow screens' navigation button. */
export function MenuIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" />
    </SvgIcon>
  );
}
