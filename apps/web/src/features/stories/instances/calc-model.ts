// The story's catalog as @costory/calc's model, so the browser calculates an instance exactly as the server does.
import type { CalcItem, FormulaAttribute, StoryModel } from '@costory/calc';
import type { StoryCatalog, StoryCatalogAttribute, StoryCatalogItem } from '@costory/shared';

export function toFormulaAttribute(attribute: StoryCatalogAttribute): FormulaAttribute {
  return {
    code: attribute.code,
    level: attribute.level,
    type: attribute.type,
    mandatory: attribute.mandatory,
    defaultValue: attribute.defaultValue,
    enumCodes: attribute.enumValues.map((value) => value.code),
  };
}

export function toCalcItem(item: StoryCatalogItem): CalcItem {
  return {
    id: item.id,
    groupId: item.groupId,
    phaseId: item.phaseId,
    attributes: item.attributes.map(toFormulaAttribute),
    formulas: item.formulas,
  };
}

/** A model of one item: what an instance editor recalculates on every keystroke. */
export function singleItemModel(catalog: StoryCatalog, item: StoryCatalogItem): StoryModel {
  return {
    // A customer reads neither prices nor formulas (decision 0033): nothing is priced for them.
    roles: catalog.roles.map((role) => ({
      id: role.id,
      unit: role.unit,
      price: role.unitPrice ?? '0',
    })),
    items: [toCalcItem(item)],
    groups: [],
  };
}
