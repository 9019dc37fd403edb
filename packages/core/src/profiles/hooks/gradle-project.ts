import { dirname, join } from 'node:path';
import { pathExists } from '../../paths.js';

const BUILD_FILES = ['build.gradle', 'build.gradle.kts'];
const ROOT_FILES = ['settings.gradle', 'settings.gradle.kts'];

/** A Gradle project dapgate does not build: the (sub)project holding a path, and the build's root (where settings.gradle is). */
export interface GradleProject {
  project: string;
  root: string;
}

/** The nearest Gradle (sub)project at or above `path`, undefined outside one. */
export async function gradleProjectOf(path: string): Promise<GradleProject | undefined> {
  let project: string | undefined;
  for (let d = path; ; d = dirname(d)) {
    if (!project && (await anyExists(d, BUILD_FILES))) project = d;
    if (await anyExists(d, ROOT_FILES)) return { project: project ?? d, root: d };
    if (dirname(d) === d) return project ? { project, root: project } : undefined;
  }
}

/** Where Gradle puts a project's compiled tests and main classes (Java and Kotlin). */
export const GRADLE_CLASS_DIRS = ['build/classes/java/test', 'build/classes/kotlin/test', 'build/classes/java/main', 'build/classes/kotlin/main', 'build/resources/test', 'build/resources/main'];

/** What the answer says about a Gradle project: dapgate runs what Gradle last built, on JUnit's launcher alone. */
export function gradleNote(project: GradleProject): string {
  const wrapper = join(project.root, 'gradlew');
  return `A Gradle project: dapgate does not run Gradle (it builds and resolves class paths for Maven only), so this runs the classes Gradle last built in build/classes, with JUnit's launcher and no other dependency: after a change run ${wrapper} testClasses (or gradle testClasses); a test that needs the project's libraries cannot load here.`;
}

async function anyExists(dir: string, names: string[]): Promise<boolean> {
  for (const n of names) if (await pathExists(join(dir, n))) return true;
  return false;
}
