// A label drawn as a chip in its own background colour, with text that stays readable on it.
import Chip, { type ChipProps } from '@mui/material/Chip';

/** Black or white, whichever reads better on `background` (#rrggbb), by the WCAG luminance. */
export function readableTextColor(background: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!match) return '#000000';
  const [red, green, blue] = match.slice(1).map((hex) => {
    const channel = Number.parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  // Contrast with black beats contrast with white above this luminance.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

export interface LabelChipProps extends Omit<ChipProps, 'color' | 'label' | 'sx'> {
  title: string;
  color: string;
}

export function LabelChip({ title, color, ...chipProps }: LabelChipProps) {
  return (
    <Chip
      size="small"
      {...chipProps}
      label={title}
      sx={{
        bgcolor: color,
        color: readableTextColor(color),
        fontWeight: 500,
        maxWidth: 200,
        // A colour that fades in from grey looks like a wrong colour for a moment.
        transition: 'none',
      }}
    />
  );
}
