// The expression of a formula: a monospace text area with completion of attribute codes, functions and keywords
// (a listbox under the field, opened by typing a word or Ctrl+Space, driven by the keyboard) and the formula's
// problems under it, each with its place and the spot marked in a copy of the text.
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  applySuggestion,
  suggestionsFor,
  wordAtCaret,
  type CompletionAttribute,
  type Suggestion,
} from '../lib/formula-completion';
import { visuallyHidden } from '@/lib/visually-hidden';

/** A problem as the field shows it: its words, its place and the characters concerned. */
export interface ShownIssue {
  readonly text: string;
  readonly place: string | null;
  readonly start: number;
  readonly end: number;
}

interface Completion {
  readonly start: number;
  readonly caret: number;
  readonly items: readonly Suggestion[];
  readonly active: number;
}

const MONOSPACE = '"Roboto Mono", "SFMono-Regular", Consolas, "Liberation Mono", monospace';

/** The text cut where issues start and end, each piece marked when an issue covers it. */
function markedPieces(text: string, issues: readonly ShownIssue[]) {
  const ranges = issues
    .map((issue) => ({
      start: Math.min(issue.start, text.length),
      end: Math.min(Math.max(issue.end, issue.start + 1), text.length),
    }))
    .filter((range) => range.end > range.start);
  if (ranges.length === 0) return null;
  const cuts = [
    ...new Set([0, text.length, ...ranges.flatMap((range) => [range.start, range.end])]),
  ].sort((a, b) => a - b);
  return cuts.slice(0, -1).map((start, index) => {
    const end = cuts[index + 1] ?? text.length;
    return {
      start,
      text: text.slice(start, end),
      marked: ranges.some((range) => range.start <= start && end <= range.end),
    };
  });
}

export interface FormulaExpressionFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** react-hook-form's ref callback (focus on errors and on `focusName`). */
  inputRef: (element: HTMLTextAreaElement | null) => void;
  readOnly: boolean;
  /** Attributes the completion offers (it keeps those the formula's level may read). */
  attributes: readonly CompletionAttribute[];
  level: number;
  issues: readonly ShownIssue[];
}

export function FormulaExpressionField({
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  readOnly,
  attributes,
  level,
  issues,
}: FormulaExpressionFieldProps) {
  const { t } = useTranslation('catalogs');
  const listId = useId();
  const issuesId = useId();
  const textArea = useRef<HTMLTextAreaElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const [completion, setCompletion] = useState<Completion | null>(null);
  const { t: tAttributeType } = useTranslation('catalogs', { keyPrefix: 'attributes.typeName' });

  // After an insertion the caret goes right behind the inserted text.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !textArea.current) return;
    pendingCaret.current = null;
    textArea.current.setSelectionRange(caret, caret);
  }, [value]);

  const open = (text: string, caret: number, always: boolean) => {
    const word = wordAtCaret(text, caret);
    if (!word || (!always && word.word === '')) {
      setCompletion(null);
      return;
    }
    const items = suggestionsFor(word.word, attributes, level);
    setCompletion(items.length > 0 ? { start: word.start, caret, items, active: 0 } : null);
  };

  const insert = (suggestion: Suggestion) => {
    if (!completion) return;
    const next = applySuggestion(value, completion.start, completion.caret, suggestion.insert);
    pendingCaret.current = next.caret;
    setCompletion(null);
    onChange(next.text);
  };

  const moveActive = (step: number) => {
    if (!completion) return;
    const count = completion.items.length;
    const active = (completion.active + step + count) % count;
    setCompletion({ ...completion, active });
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (readOnly) return;
    if (event.ctrlKey && (event.key === ' ' || event.code === 'Space')) {
      event.preventDefault();
      const target = event.currentTarget;
      open(target.value, target.selectionStart, true);
      return;
    }
    if (!completion) return;
    const modified = event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveActive(1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        moveActive(-1);
        return;
      case 'Enter':
      case 'Tab': {
        if (modified) return;
        event.preventDefault();
        const chosen = completion.items[completion.active];
        if (chosen) insert(chosen);
        return;
      }
      case 'Escape':
        // Closes only the list, not a dialog around the field.
        event.preventDefault();
        event.stopPropagation();
        setCompletion(null);
        return;
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'Home':
      case 'End':
      case 'PageUp':
      case 'PageDown':
        setCompletion(null);
        return;
    }
  };

  const onInput = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const { value: text, selectionStart } = event.target;
    onChange(text);
    if (!readOnly) open(text, selectionStart, false);
  };

  const activeId = completion ? `${listId}-${completion.active}` : undefined;
  const pieces = markedPieces(value, issues);
  const hasIssues = issues.length > 0;

  return (
    <Box>
      <Box sx={{ position: 'relative' }}>
        <TextField
          name={name}
          label={label}
          value={value}
          onChange={onInput}
          onBlur={() => {
            setCompletion(null);
            onBlur();
          }}
          onClick={() => setCompletion(null)}
          inputRef={(element: HTMLTextAreaElement | null) => {
            textArea.current = element;
            inputRef(element);
          }}
          multiline
          minRows={2}
          fullWidth
          size="small"
          error={hasIssues}
          helperText={hasIssues || readOnly ? undefined : t('formulas.expressionHelp')}
          slotProps={{
            input: { readOnly },
            htmlInput: {
              onKeyDown,
              spellCheck: false,
              autoCapitalize: 'off',
              autoCorrect: 'off',
              autoComplete: 'off',
              'aria-autocomplete': readOnly ? undefined : 'list',
              'aria-controls': completion ? listId : undefined,
              'aria-activedescendant': activeId,
              // The problems below the field describe it (MUI links only its own helper text).
              'aria-describedby': hasIssues ? issuesId : undefined,
              style: { fontFamily: MONOSPACE },
            },
          }}
        />
        {completion ? (
          <Paper
            elevation={6}
            sx={{
              position: 'absolute',
              zIndex: 'modal',
              left: 0,
              right: { xs: 0, sm: 'auto' },
              minWidth: { sm: 360 },
              maxWidth: '100%',
              top: '100%',
              maxHeight: 260,
              overflowY: 'auto',
            }}
          >
            <Box
              component="ul"
              role="listbox"
              id={listId}
              aria-label={t('formulas.suggestions')}
              sx={{ listStyle: 'none', m: 0, p: 0.5 }}
            >
              {completion.items.map((suggestion, index) => (
                <Box
                  component="li"
                  key={`${suggestion.kind}-${suggestion.label}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === completion.active}
                  // The text area keeps the focus, so the caret and the list stay where they are.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(suggestion)}
                  sx={{
                    px: 1.25,
                    py: 0.5,
                    borderRadius: 1,
                    cursor: 'pointer',
                    display: 'flex',
                    gap: 1.5,
                    alignItems: 'baseline',
                    justifyContent: 'space-between',
                    bgcolor: index === completion.active ? 'action.selected' : undefined,
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  <Box component="span" sx={{ fontFamily: MONOSPACE, fontSize: '0.875rem' }}>
                    {suggestion.label}
                  </Box>
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ color: 'text.secondary', textAlign: 'right' }}
                  >
                    {suggestion.kind === 'attribute'
                      ? `${suggestion.name} · ${t('formulas.kind.attribute', {
                          level: suggestion.level,
                          type: tAttributeType(suggestion.type),
                        })}`
                      : t(`formulas.kind.${suggestion.kind}`)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        ) : null}
        {/* Always there, so screen readers notice when its words change. */}
        <Box component="span" role="status" sx={visuallyHidden}>
          {completion ? t('formulas.suggestionCount', { count: completion.items.length }) : ''}
        </Box>
      </Box>
      {pieces ? (
        <Box
          aria-hidden
          sx={{
            mt: 0.5,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: MONOSPACE,
            fontSize: '0.8125rem',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {pieces.map((piece) =>
            piece.marked ? (
              <Box
                component="mark"
                key={piece.start}
                sx={{
                  bgcolor: 'transparent',
                  color: 'error.main',
                  textDecoration: 'underline wavy',
                  textDecorationColor: 'currentColor',
                  fontWeight: 600,
                }}
              >
                {piece.text}
              </Box>
            ) : (
              <span key={piece.start}>{piece.text}</span>
            ),
          )}
        </Box>
      ) : null}
      {hasIssues ? (
        <Box
          component="ul"
          id={issuesId}
          aria-label={t('formulas.issues')}
          sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'error.main', typography: 'caption' }}
        >
          {issues.map((issue, index) => (
            <li key={`${issue.start}-${issue.end}-${index}`}>
              {issue.text}
              {issue.place ? ` ${issue.place}` : null}
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
