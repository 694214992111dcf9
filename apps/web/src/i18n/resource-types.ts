// Shape every translation namespace must have: nested objects whose leaves are non-empty strings.
export interface Resource {
  [key: string]: string | Resource;
}
