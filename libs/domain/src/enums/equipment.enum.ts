export const EQUIPMENT_TYPES = ['dry', 'reefer', 'open top', 'flat rack', 'bulk', 'tank'] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

export const EQUIPMENT_LENGTHS = [10, 20, 40, 45] as const;
export type EquipmentLength = (typeof EQUIPMENT_LENGTHS)[number];

/**
 * `high_cube` as the established API answers it (its description's enum and its live answers):
 * the specification lists the three equipment fields' values in words and leaves their wire
 * names open (docs/containers.md).
 */
export const EQUIPMENT_HEIGHTS = ['standard', 'high_cube'] as const;
export type EquipmentHeight = (typeof EQUIPMENT_HEIGHTS)[number];
