// How a person is named to others: first and last name, either of which may be empty.
export function personName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}
