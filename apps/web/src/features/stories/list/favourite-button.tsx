// The star that marks a story as a favourite: a toggle button named after the story, shown at once and put back on failure.
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import type { Story } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { useToggleFavourite } from '../api/stories';

export function FavouriteButton({ story }: { story: Pick<Story, 'id' | 'name' | 'favourite'> }) {
  const { t } = useTranslation('stories');
  const toast = useToast();
  const toggle = useToggleFavourite();
  const label = story.favourite
    ? t('favourite.remove', { name: story.name })
    : t('favourite.add', { name: story.name });
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-pressed={story.favourite}
        onClick={() =>
          toggle.mutate(
            { storyId: story.id, favourite: !story.favourite },
            { onError: () => toast.error(t('favourite.failed')) },
          )
        }
        sx={{ color: story.favourite ? 'warning.main' : 'action.active' }}
      >
        {story.favourite ? <StarIcon /> : <StarBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}
