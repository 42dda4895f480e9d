import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { closeErrorModal, useErrorModalContent } from './errorModalStore';

/** The global Error modal (spec §2): a title, a message, Back (to the previous page) and Okay. */
export function ErrorModal() {
  const content = useErrorModalContent();
  const navigate = useNavigate();

  return (
    <Modal opened={content !== null} onClose={closeErrorModal} title={content?.title ?? 'Error'} size="md">
      <Text mb="lg">{content?.message}</Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            closeErrorModal();
            navigate(-1);
          }}
        >
          Back
        </Button>
        <Button onClick={closeErrorModal}>Okay</Button>
      </Group>
    </Modal>
  );
}
