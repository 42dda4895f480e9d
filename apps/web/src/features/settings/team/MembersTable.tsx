import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatTeamDate, roleColor } from './teamFormat';
import { memberPath } from './teamPaths';
import { roleLabel } from './teamPermissions';
import type { TeamMember } from './teamQueries';

/**
 * The team members (spec §2): each row opens the member's page, except the owner's, whose role cannot
 * be edited from the team list (spec §6, Member.editable).
 */
export function MembersTable({ members }: { members: TeamMember[] }) {
  const navigate = useNavigate();
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        No members with this role.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="members-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Member since</Table.Th>
            <Table.Th w={40} aria-label="Open" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr
              key={member.id}
              data-testid="member-row"
              data-editable={member.editable}
              style={member.editable ? { cursor: 'pointer' } : undefined}
              onClick={member.editable ? () => navigate(memberPath(member.id)) : undefined}
            >
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {member.editable ? (
                    <Anchor
                      component={Link}
                      to={memberPath(member.id)}
                      size="sm"
                      fw={600}
                      c="inherit"
                      onClick={(event) => event.stopPropagation()}
                    >
                      {member.user.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={600}>
                      {member.user.name}
                    </Text>
                  )}
                  {member.isViewer ? (
                    <Badge size="xs" variant="light" color="gray">
                      You
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {member.user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={roleColor(member.role)}>
                  {roleLabel(member.role)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatTeamDate(member.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                {member.editable ? (
                  <IconChevronRight
                    size={16}
                    color="var(--mantine-color-gray-5)"
                    style={{ display: 'block' }}
                    aria-hidden
                  />
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
