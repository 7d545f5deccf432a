//===- module_properties.cpp - Property sets of a split module ------------===//

#include "module_properties.hpp"

using namespace llvm;

namespace usycl::postlink {

Expected<PropertySetRegistry>
computeModuleProperties(const Module &M, const EntryPointGroup &Group,
                        function_ref<void(RequirementsWarning)> Warn) {
  PropertySetRegistry Registry;
  Expected<PropertySet> Requirements =
      checkDeviceRequirements(M, Group.Requirements, Warn);
  if (!Requirements)
    return Requirements.takeError();
  PropertySet &Set = Registry.getOrCreate(Requirements->name());
  for (const Property &P : Requirements->properties())
    Set.set(P.Name, P.Value);
  return Registry;
}

} // namespace usycl::postlink
