// Select fields whose empty choice has a name ("None (top level)", "No group", "No default"): show that name, not a blank box.
export const NAMED_EMPTY_CHOICE = {
  select: { displayEmpty: true },
  inputLabel: { shrink: true },
} as const;
