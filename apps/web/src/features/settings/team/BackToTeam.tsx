import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TEAM_PATH } from './teamPaths';

/** The member page's way back to the team list. */
export function BackToTeam() {
  return (
    <Anchor component={Link} to={TEAM_PATH} size="sm" c="dimmed" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        Team
      </Group>
    </Anchor>
  );
}
