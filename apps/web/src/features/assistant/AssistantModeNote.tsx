import { useQuery } from '@apollo/client/react';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ASSISTANT_MODE_QUERY, type AssistantMode } from './assistantQueries';

/** What the panel says of Keel's built-in question reader: it is not a model. */
const BUILTIN_MODE_NOTE = "Answers from your books with Keel's built-in question reader, not an AI model.";

/** What the panel says of a model answering: which one, and that its figures are checkable. */
const modelModeNote = (model: string | null) =>
  `Answers from your books with ${model ?? 'an AI model'}; figures link to their source.`;

/** The list of what the reader understands stays this tall at most, scrolling inside, so the chat keeps its room. */
const ABILITIES_MAX_HEIGHT = 'min(220px, 35dvh)';

/**
 * Under the panel's title: who answers on this server (assistantMode). The built-in reader says it is
 * not an AI model and offers 'What can I ask?', the kinds of question it understands with examples; a
 * model is named. Nothing shows until the server has said which (or when it could not be asked).
 */
export function AssistantModeNote({ id }: { id: string }) {
  const { data } = useQuery(ASSISTANT_MODE_QUERY);
  const mode = data?.assistantMode;
  if (!mode) return null;
  return (
    <Box px="md" pb={8} data-testid="assistant-mode" data-provider={mode.provider}>
      <Text id={id} fz="xs" c="dimmed">
        {mode.provider === 'builtin' ? BUILTIN_MODE_NOTE : modelModeNote(mode.model)}
      </Text>
      {mode.provider === 'builtin' && mode.understands.length > 0 ? (
        <BuiltinAbilities understands={mode.understands} />
      ) : null}
    </Box>
  );
}

/** 'What can I ask?': the kinds of question the built-in reader answers, shown on request. */
function BuiltinAbilities({ understands }: { understands: AssistantMode['understands'] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={listId}
        mt={2}
        fz="xs"
        fw={500}
        c="blue.7"
      >
        <Group gap={2} wrap="nowrap">
          {open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
          What can I ask?
        </Group>
      </UnstyledButton>
      {open ? (
        <Box
          component="ul"
          id={listId}
          aria-label="What I understand"
          m={0}
          mt={4}
          pl="md"
          pr={4}
          style={{ maxHeight: ABILITIES_MAX_HEIGHT, overflowY: 'auto' }}
        >
          {understands.map((ability) => (
            <Text component="li" key={ability} fz="xs" mb={4}>
              {ability}
            </Text>
          ))}
        </Box>
      ) : null}
    </>
  );
}
