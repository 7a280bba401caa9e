export const EQUIPMENT_TYPES = ['dry', 'reefer', 'open top', 'flat rack', 'bulk', 'tank'] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

export const EQUIPMENT_LENGTHS = [10, 20, 40, 45] as const;
export type EquipmentLength = (typeof EQUIPMENT_LENGTHS)[number];

/** docs/containers.md writes `high cube` with a space; it wins over the established API's `high_cube`. */
export const EQUIPMENT_HEIGHTS = ['standard', 'high cube'] as const;
export type EquipmentHeight = (typeof EQUIPMENT_HEIGHTS)[number];
