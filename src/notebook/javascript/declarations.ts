// Declarations pass: the names a program cell defines at its top level (its outputs).
import type {Pattern, Program} from "acorn";
import {isBuiltinBinding} from "./imports.js";

/** The identifiers a binding pattern introduces (`{a, b: [c], ...d}` → a, c, d). */
export function patternNames(pattern: Pattern, names: string[] = []): string[] {
  switch (pattern.type) {
    case "Identifier":
      names.push(pattern.name);
      break;
    case "ObjectPattern":
      for (const property of pattern.properties) {
        patternNames(property.type === "RestElement" ? property.argument : property.value, names);
      }
      break;
    case "ArrayPattern":
      for (const element of pattern.elements) if (element) patternNames(element, names);
      break;
    case "RestElement":
      patternNames(pattern.argument, names);
      break;
    case "AssignmentPattern":
      patternNames(pattern.left, names);
      break;
  }
  return names;
}

/** Names declared by the top-level statements of a cell (each once): const/let/var, function, class, import. */
export function findDeclarations(program: Program): string[] {
  const names: string[] = [];
  for (const statement of program.body) {
    switch (statement.type) {
      case "VariableDeclaration":
        for (const declarator of statement.declarations) patternNames(declarator.id, names);
        break;
      case "FunctionDeclaration":
      case "ClassDeclaration":
        names.push(statement.id.name);
        break;
      case "ImportDeclaration":
        for (const specifier of statement.specifiers) {
          if (!isBuiltinBinding(statement, specifier.local.name)) names.push(specifier.local.name);
        }
        break;
    }
  }
  return [...new Set(names)];
}
