# SPDX-License-Identifier: MIT
# make uninstall: removes every file that the last install wrote (install_manifest.txt holds
# their paths without DESTDIR: give the same DESTDIR as to the install), then the directories
# of capsim's own left empty (share/capsim/..., include/capsim), never a shared one such as
# share/man/man1.
# Usage: [DESTDIR=DIR] cmake -DMANIFEST=BUILD/install_manifest.txt -P dist/uninstall.cmake
if(NOT EXISTS "${MANIFEST}")
  message(FATAL_ERROR "${MANIFEST}: not found: nothing was installed from this build tree")
endif()
file(STRINGS "${MANIFEST}" files)
set(dirs)
foreach(f IN LISTS files)
  set(f "$ENV{DESTDIR}${f}")
  if(EXISTS "${f}" OR IS_SYMLINK "${f}")
    message(STATUS "Removing: ${f}")
    file(REMOVE "${f}")
  endif()
  get_filename_component(d "${f}" DIRECTORY)
  while(d MATCHES "/capsim(/|$)")
    list(APPEND dirs "${d}")
    get_filename_component(d "${d}" DIRECTORY)
  endwhile()
endforeach()
list(REMOVE_DUPLICATES dirs)
# Deepest first, so a parent is empty once its children are gone.
list(SORT dirs ORDER DESCENDING)
foreach(d IN LISTS dirs)
  file(GLOB left "${d}/*")
  if(IS_DIRECTORY "${d}" AND NOT left)
    file(REMOVE_RECURSE "${d}")
  endif()
endforeach()
