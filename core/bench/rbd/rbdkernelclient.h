// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The kernel's RBD client on a node, as Proxmox containers and VMs with krbd use it
// (RbdTarget::Engine::Krbd, or Nbd through rbd-nbd): the step's image is mapped with
// `rbd device map -t krbd|nbd`, fio's libaio engine loads the mapped device with
// direct=1 (and sync=1 on the QD1 latency rows: each write waits for its commit), and
// the device is always unmapped before the image is removed, also after a cancel. A
// kernel without the module is named as such before anything is mapped. The device
// path comes from rbd's answer and must read /dev/rbdN or /dev/nbdN before fio sees it.
#include "bench/rbd/rbdoptions.h"
#include "bench/steprunner.h"

namespace cm::rbdkernel {

// The fixed check run on the node: the kernel can map (krbd: /sys/bus/rbd or a module
// `rbd`; nbd: /sys/module/nbd or a module `nbd`, and the rbd-nbd tool).
Error checkKernel(StepContext &ctx, const RbdTarget &target);
// `rbd device map -t krbd|nbd POOL/IMAGE`; *device: the mapped device.
Error map(StepContext &ctx, const RbdTarget &target, const QString &spec, QString *device);
// `rbd device unmap -t krbd|nbd DEVICE`, with a fresh token (also after a cancel).
Error unmap(StepContext &ctx, const RbdTarget &target, const QString &device);
// Whether `text` is a device rbd maps (/dev/rbdN, /dev/nbdN).
bool isMappedDevicePath(const QString &text);

// The rbd CLI words of a map and unmap, and fio's argv on the device (the preview
// shows them with the device "/dev/rbdN").
QStringList mapArgs(const RbdTarget &target, const QString &spec);
QStringList fioArgs(const PlanStep &step, const QString &device);
QStringList prefillArgs(const QString &device);

} // namespace cm::rbdkernel
