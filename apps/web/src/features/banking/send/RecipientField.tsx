import { Button, Group, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Vendor } from '../bankingQueries';
import { NewVendorForm } from './NewVendorForm';

type RecipientFieldProps = {
  entityId: string;
  vendors: readonly Vendor[];
  vendorId: string | null;
  onPick: (vendor: Vendor) => void;
  onBlur: () => void;
  error: string | undefined;
};

/** 'Lee & Park LLP', or 'Dana Reyes · Reyes Design' when the company name says more. */
function vendorLabel(vendor: Vendor): string {
  return vendor.companyName && vendor.companyName !== vendor.name
    ? `${vendor.name} · ${vendor.companyName}`
    : vendor.name;
}

/**
 * Who is paid: one of the company's vendors (GetVendors), or a new one made on the spot (CreateVendor),
 * which is then picked. The transfer carries the vendor and its name as the recipient's.
 */
export function RecipientField({ entityId, vendors, vendorId, onPick, onBlur, error }: RecipientFieldProps) {
  const [creating, setCreating] = useState(false);
  if (creating) {
    return (
      <NewVendorForm
        entityId={entityId}
        onCancel={() => setCreating(false)}
        onCreated={(vendor) => {
          setCreating(false);
          onPick(vendor);
        }}
      />
    );
  }
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Select
        label="Recipient"
        withAsterisk
        placeholder={vendors.length > 0 ? 'Choose a vendor' : 'Add a vendor to pay'}
        searchable
        nothingFoundMessage="No vendor by that name"
        data={vendors.map((vendor) => ({ value: vendor.id, label: vendorLabel(vendor) }))}
        value={vendorId}
        allowDeselect={false}
        onChange={(id) => {
          const vendor = vendors.find((candidate) => candidate.id === id);
          if (vendor) onPick(vendor);
        }}
        onBlur={onBlur}
        error={error}
        style={{ flex: 1 }}
      />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => setCreating(true)}
        // Level with the select's box, below its label.
        mt={25}
      >
        New vendor
      </Button>
    </Group>
  );
}
