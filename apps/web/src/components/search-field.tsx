// The search box of lists: a small search input with the magnifier in front; it reports the text, the list debounces it.
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
  autoFocus?: boolean;
}

export function SearchField({
  label,
  value,
  onChange,
  sx,
  fullWidth,
  autoFocus,
}: SearchFieldProps) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      fullWidth={fullWidth}
      autoFocus={autoFocus}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
