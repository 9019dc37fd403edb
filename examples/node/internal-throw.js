// An uncaught exception thrown inside node's own code (a path segment that is not a string).
const path = require('path');

function folderFor(user) {
  return path.join('users', user.id);
}

console.log(folderFor({ id: 7 }));
