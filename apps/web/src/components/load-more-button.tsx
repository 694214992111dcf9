// "Load more" under a list paged by cursor: shown while another page exists, busy while it loads.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMoreButton({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
      <Button
        variant="outlined"
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {label}
      </Button>
    </Box>
  );
}
